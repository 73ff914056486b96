import type { SweepstakesRules } from '@contracts/sweepstakes';
import { Head, router } from '@inertiajs/react';
import { sweepstakesAdminApi, sweepstakesPaths } from '@/api/sweepstakes';
import { SweepstakesForm } from '@/components/sweepstakes';
import type { PageProps } from '@/types';

/** Admin: a new sweepstakes starts as a draft with its official rules. */
export default function AdminSweepstakesCreate({ defaults }: PageProps<{ defaults: SweepstakesRules }>) {
  return (
    <>
      <Head title="New sweepstakes" />
      <h1 className="mb-6 text-2xl font-semibold text-slate-900 dark:text-white">New sweepstakes</h1>
      <SweepstakesForm
        rules={defaults}
        submitLabel="Create draft"
        successMessage="Draft created"
        onSubmit={async (input) => {
          const { sweepstakes } = await sweepstakesAdminApi.create(input);
          router.visit(sweepstakesPaths.admin.show(sweepstakes.id));
        }}
      />
    </>
  );
}
