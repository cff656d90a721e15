/** The number of actions waiting to be sent (filled in by the outbox). */
export function OutboxBadge() {
  return null;
}
