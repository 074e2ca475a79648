import { type ComponentType, StrictMode } from 'react';
import { type Navigation, NavigationProvider } from '@/lib/navigation';
import { AppShell } from './app-shell';
import { SiteLayout } from './layouts/site-layout';
import { AppProviders } from './providers';

/** One marketing page with everything around it: the same tree on the server and in the browser. */
export function SitePage({ navigation, Page }: { navigation: Navigation; Page: ComponentType }) {
  return (
    <StrictMode>
      <AppProviders>
        <NavigationProvider value={navigation}>
          <AppShell>
            <SiteLayout>
              <Page />
            </SiteLayout>
          </AppShell>
        </NavigationProvider>
      </AppProviders>
    </StrictMode>
  );
}
