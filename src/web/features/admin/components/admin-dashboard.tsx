import { ChartColumn, Database, Inbox, Layers, ListRestart, Mail, ShieldCheck, Ticket, Users } from 'lucide-react';
import { Link, useOutletContext } from 'react-router';
import type { User } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useTabParam } from '@/lib/use-tab-param';
import { ContactsTab } from './contacts-tab';
import { EmailsTab } from './emails-tab';
import { JobsTab } from './jobs-tab';
import { ReportsTab } from './reports-tab';
import { ServicesTab } from './services-tab';
import { TicketsTab } from './tickets-tab';
import { UsersTab } from './users-tab';

const TABS = ['tickets', 'reports', 'users', 'contacts', 'services', 'emails', 'jobs'] as const;

/**
 * /admin: All Tickets, Reports, All Users, Contact Requests, Services, Outgoing email (sent, kept, failed),
 * Jobs (the background jobs that failed).
 */
export default function AdminDashboard() {
  const user = useOutletContext<User>();
  const [tab, selectTab] = useTabParam(TABS);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin dashboard</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Signed in as {user.name} ({user.role})
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.security}>
              <ShieldCheck aria-hidden="true" />
              Security
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.adminDatabase}>
              <Database aria-hidden="true" />
              Database viewer
            </Link>
          </Button>
        </div>
      </div>
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <TabsList>
          <TabsTrigger value="tickets">
            <Ticket aria-hidden="true" />
            All Tickets
          </TabsTrigger>
          <TabsTrigger value="reports">
            <ChartColumn aria-hidden="true" />
            Reports
          </TabsTrigger>
          <TabsTrigger value="users">
            <Users aria-hidden="true" />
            All Users
          </TabsTrigger>
          <TabsTrigger value="contacts">
            <Inbox aria-hidden="true" />
            Contact Requests
          </TabsTrigger>
          <TabsTrigger value="services">
            <Layers aria-hidden="true" />
            Services
          </TabsTrigger>
          <TabsTrigger value="emails">
            <Mail aria-hidden="true" />
            Outgoing email
          </TabsTrigger>
          <TabsTrigger value="jobs">
            <ListRestart aria-hidden="true" />
            Jobs
          </TabsTrigger>
        </TabsList>
        <TabsContent value="tickets">
          <h2 className="sr-only">All tickets</h2>
          <TicketsTab />
        </TabsContent>
        <TabsContent value="reports">
          <h2 className="sr-only">Reports</h2>
          <ReportsTab />
        </TabsContent>
        <TabsContent value="users">
          <h2 className="sr-only">All users</h2>
          <UsersTab />
        </TabsContent>
        <TabsContent value="contacts">
          <h2 className="sr-only">Contact requests</h2>
          <ContactsTab />
        </TabsContent>
        <TabsContent value="services">
          <h2 className="sr-only">Services</h2>
          <ServicesTab />
        </TabsContent>
        <TabsContent value="emails">
          <h2 className="sr-only">Outgoing email</h2>
          <EmailsTab />
        </TabsContent>
        <TabsContent value="jobs">
          <h2 className="sr-only">Background jobs</h2>
          <JobsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
