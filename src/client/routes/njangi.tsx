import { createFileRoute } from '@tanstack/react-router';
import { CreditCard, LineChart, PiggyBank, Repeat, ShieldCheck, UsersRound } from 'lucide-react';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/njangi')({ component: NjangiComingSoon });

function NjangiComingSoon() {
  return (
    <ComingSoonPage
      title="Njangi"
      subtitle="Digital Savings Circles"
      icon={PiggyBank}
      description="The savings circle your community already trusts (njangi, tontine, susu or chama), with clear records every member can see: who has paid, whose turn it is, and what is left in the pot."
      features={[
        { title: 'Secure savings groups', description: 'Private circles with members you approve and roles for whoever keeps the books.', icon: ShieldCheck },
        { title: 'Automated contributions', description: 'Contribution schedules and reminders, so nobody has to chase payments by hand.', icon: Repeat },
        { title: 'Member management', description: 'Invite members, agree the payout order and keep track of each member’s turn.', icon: UsersRound },
        { title: 'Financial tracking', description: 'Every contribution and payout recorded, with receipts members can check for themselves.', icon: LineChart },
        { title: 'Payment integration', description: 'Pay in and receive payouts through payment providers instead of handling cash.', icon: CreditCard },
      ]}
    />
  );
}
