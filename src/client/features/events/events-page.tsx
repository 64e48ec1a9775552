/** Placeholder: the events page is being built. */
export function EventsPage() {
  return <div />;
}
