import { Head } from '@inertiajs/react';
import { ContactAgentForm } from '@/components/crm/ContactAgentForm';
import { PropertyDetails } from '@/components/property/PropertyDetails';
import { PropertyInsights } from '@/components/property/PropertyInsights';
import type { Property, Upload } from '@contracts/properties';

interface Props {
  property: Property;
  photos: Upload[];
  map: { tileUrl: string; attribution: string };
}

export default function PropertyShow({ property, photos, map }: Props) {
  return (
    <>
      <Head title={property.name} />
      <PropertyDetails property={property} photos={photos} listing={null} map={map} />
      <PropertyInsights propertyId={property.id} price={property.price} currency={property.currency} />
      <div className="mx-auto mt-6 max-w-xl">
        <ContactAgentForm propertyId={property.id} />
      </div>
    </>
  );
}
