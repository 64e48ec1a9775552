/** Every zone the browser knows (and the chosen one, should it not list it), grouped by region ("Africa", "America"…) for a select's optgroups. */
export function zoneGroups(selected: string): [string, string[]][] {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']);
  if (selected) zones.add(selected);
  const groups = new Map<string, string[]>();
  for (const zone of [...zones].sort()) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : zone;
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [...groups];
}

/** A zone's name as people read it: "America/Port_of_Spain" → "America/Port of Spain". */
export const zoneLabel = (zone: string) => zone.replace(/_/g, ' ');
