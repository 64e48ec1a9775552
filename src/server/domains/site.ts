import { site } from '../operations/site';
import { defineDomain } from './domain';

/** What the client reads of the installation (its name, the support address, public settings). */
export const siteDomain = defineDomain({ name: 'site', operations: { site } });
