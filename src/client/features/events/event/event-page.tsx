/** Placeholder: the event page is being built. */
export function EventPage({ id }: { id: number }) {
  return <div data-event-id={id} />;
}
