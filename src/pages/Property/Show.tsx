import { Head } from '@inertiajs/react';
import { ContactAgentForm } from '@/components/crm/ContactAgentForm';
import { PropertyDetails } from '@/components/property/PropertyDetails';
import { PropertyInsights } from '@/components/property/PropertyInsights';
import { SaveToCollection } from '@/components/collections/SaveToCollection';
import { TourRequestForm } from '@/components/tours/TourRequestForm';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { Property, Upload } from '@contracts/properties';

interface Props {
  property: Property;
  photos: Upload[];
  map: { tileUrl: string; attribution: string };
}

export default function PropertyShow({ property, photos, map }: Props) {
  const user = useAuthUser();
  return (
    <>
      <Head title={property.name} />
      <PropertyDetails property={property} photos={photos} listing={null} map={map} />
      <PropertyInsights propertyId={property.id} price={property.price} currency={property.currency} />
      <div className="mx-auto mt-6 grid max-w-xl gap-6">
        {user && <SaveToCollection propertyId={property.id} />}
        {user && !property.can_edit && property.user?.id !== user.id && property.publish && (
          <TourRequestForm propertyId={property.id} />
        )}
        <ContactAgentForm propertyId={property.id} />
      </div>
    </>
  );
}
