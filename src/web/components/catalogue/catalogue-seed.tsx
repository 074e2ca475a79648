import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { CatalogueSnapshot } from '@shared/contracts/catalogue';
import { seedCatalogue } from '@/lib/catalogue';

/**
 * Puts the catalogue a page was rendered with into the query cache before anything below reads it,
 * so the server renders the services and the browser hydrates the same markup, with no placeholder
 * and no request in between.
 */
export function CatalogueSeed({
  catalogue,
  children,
}: {
  catalogue?: CatalogueSnapshot | undefined;
  children: ReactNode;
}) {
  const client = useQueryClient();
  // Once, before the first render of the children (TanStack's HydrationBoundary seeds the same way).
  useState(() => catalogue && seedCatalogue(client, catalogue));
  return children;
}
