/**
 * The token in what a person pastes to join: an invite link (https://…/invite/<token>, with or
 * without its address, a query or a trailing slash) or the code alone. Null when it is neither;
 * the invitation's own page then says whether the token is still good.
 */
export function inviteTokenFrom(text: string): string | null {
  const s = text.trim();
  if (!s) return null;
  const inPath = /(?:^|\/)invite\/([a-z2-7]{20,64})(?:[/?#]|$)/i.exec(s);
  const token = inPath ? inPath[1]! : /^[a-z2-7]{20,64}$/i.test(s) ? s : null;
  return token ? token.toLowerCase() : null;
}

/** A WhatsApp "send to…" address carrying `message` (the app or web.whatsapp.com asks whom to send it to). */
export const whatsAppShareUrl = (message: string) => `https://wa.me/?text=${encodeURIComponent(message)}`;
