import { type ComponentType, StrictMode } from 'react';
import type { CatalogueSnapshot } from '@shared/contracts/catalogue';
import { CatalogueSeed } from '@/components/catalogue/catalogue-seed';
import { type Navigation, NavigationProvider } from '@/lib/navigation';
import { AppShell } from './app-shell';
import { SiteLayout } from './layouts/site-layout';
import { AppProviders } from './providers';

/**
 * One marketing page with everything around it: the same tree on the server and in the browser,
 * from the same catalogue on the pages that show it.
 */
export function SitePage({
  navigation,
  Page,
  catalogue,
}: {
  navigation: Navigation;
  Page: ComponentType;
  catalogue?: CatalogueSnapshot | undefined;
}) {
  return (
    <StrictMode>
      <AppProviders>
        <CatalogueSeed catalogue={catalogue}>
          <NavigationProvider value={navigation}>
            <AppShell>
              <SiteLayout>
                <Page />
              </SiteLayout>
            </AppShell>
          </NavigationProvider>
        </CatalogueSeed>
      </AppProviders>
    </StrictMode>
  );
}
