import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/landing-page';

// The public landing page; its code is split from the rest of the app by the router plugin.
export const Route = createFileRoute('/')({ component: LandingPage });
