import { Title } from '@mantine/core';
import { useEffect } from 'react';

/** The page heading, also kept as the document title. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Campus Portal`;
  }, [children]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
