import { createFileRoute } from '@tanstack/react-router';
import { BellRing, CalendarCheck, CalendarDays, CalendarPlus, CalendarSync, ScanLine } from 'lucide-react';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/events')({ component: EventsComingSoon });

function EventsComingSoon() {
  return (
    <ComingSoonPage
      title="Events"
      subtitle="Event Management System"
      icon={CalendarDays}
      description="Plan meetings, cultural festivals, fundraisers and celebrations inside your community: members see what is coming, say whether they will attend and get a reminder before it starts."
      features={[
        { title: 'Event scheduling', description: 'Create one-off or recurring events with a place, a time and the details members need.', icon: CalendarPlus },
        { title: 'RSVPs', description: 'Members answer yes, no or maybe, so organisers know how many chairs and plates to plan for.', icon: CalendarCheck },
        { title: 'Reminders', description: 'A reminder before the event, so fewer people forget the date.', icon: BellRing },
        { title: 'Calendar sync', description: 'Add community events to the calendar you already use on your phone or computer.', icon: CalendarSync },
        { title: 'Check-in', description: 'Record who came on the day, for attendance and for follow-up.', icon: ScanLine },
      ]}
    />
  );
}
