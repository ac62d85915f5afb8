/** Import and export (admins): registrar's files in, every list out, as CSV (decision record 0016). */
import { Divider, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { ExportPanel } from '../components/export-panel';
import { ImportPanel } from '../components/import-panel';

export function AdminImportPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle>Import and export</PageTitle>
      <ImportPanel />
      <Divider />
      <ExportPanel />
    </Stack>
  );
}
