import { ChartColumn, Database, Inbox, Layers, ListRestart, Mail, ShieldCheck, Ticket, Users } from 'lucide-react';
import { lazy } from 'react';
import { Link, useOutletContext } from 'react-router';
import type { User } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { LazyPart } from '@/components/ui/lazy-part';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useTabParam } from '@/lib/use-search-param';
import { TicketsTab } from './tickets-tab';

// All Tickets comes with the page; every other tab (its forms, charts and zod) loads when chosen.
const ReportsTab = lazy(() => import('./reports-tab').then((m) => ({ default: m.ReportsTab })));
const UsersTab = lazy(() => import('./users-tab').then((m) => ({ default: m.UsersTab })));
const ContactsTab = lazy(() => import('./contacts-tab').then((m) => ({ default: m.ContactsTab })));
const ServicesTab = lazy(() => import('./services-tab').then((m) => ({ default: m.ServicesTab })));
const EmailsTab = lazy(() => import('./emails-tab').then((m) => ({ default: m.EmailsTab })));
const JobsTab = lazy(() => import('./jobs-tab').then((m) => ({ default: m.JobsTab })));

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
          <LazyPart label="Loading the reports">
            <ReportsTab />
          </LazyPart>
        </TabsContent>
        <TabsContent value="users">
          <h2 className="sr-only">All users</h2>
          <LazyPart label="Loading the users">
            <UsersTab />
          </LazyPart>
        </TabsContent>
        <TabsContent value="contacts">
          <h2 className="sr-only">Contact requests</h2>
          <LazyPart label="Loading the contact requests">
            <ContactsTab />
          </LazyPart>
        </TabsContent>
        <TabsContent value="services">
          <h2 className="sr-only">Services</h2>
          <LazyPart label="Loading the services">
            <ServicesTab />
          </LazyPart>
        </TabsContent>
        <TabsContent value="emails">
          <h2 className="sr-only">Outgoing email</h2>
          <LazyPart label="Loading the outgoing email">
            <EmailsTab />
          </LazyPart>
        </TabsContent>
        <TabsContent value="jobs">
          <h2 className="sr-only">Background jobs</h2>
          <LazyPart label="Loading the jobs">
            <JobsTab />
          </LazyPart>
        </TabsContent>
      </Tabs>
    </div>
  );
}
