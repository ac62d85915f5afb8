import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { setPageTitle } from '../lib/document-title';

/** The page heading, also kept as the document title (after the unread count, if any). */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    setPageTitle(children);
  }, [children]);
  return (
    <Title order={1} size="h1" mb="md">
      {children}
    </Title>
  );
}
