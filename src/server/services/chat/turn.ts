import { createHmac } from 'node:crypto';
import type { Env } from '../../env';
import { TURN_CREDENTIAL_SECONDS } from '@shared/chat/calls';

/*
 * The ICE servers handed to a call's browsers. TURN credentials follow the TURN REST API scheme
 * that coturn reads with `use-auth-secret` / `static-auth-secret`: the username is
 * `<expiry in unix seconds>:<account id>`, the password base64(HMAC-SHA1(secret, username)).
 * coturn recomputes it from the shared secret, so the app and coturn never talk to each other,
 * and a credential is worth nothing after its expiry.
 */

export type IceServer = { urls: string[]; username?: string; credential?: string };
export type IceConfig = {
  iceServers: IceServer[];
  /** When the TURN credential stops working (ms); null without TURN. */
  expiresAt: number | null;
  /** The browsers are to use relayed candidates only (iceTransportPolicy 'relay'; CALL_RELAY_ONLY). */
  relayOnly: boolean;
};

export function turnCredential(secret: string, userId: string, expiresAtSeconds: number) {
  const username = `${expiresAtSeconds}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

export function iceConfig(env: Pick<Env, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'CALL_RELAY_ONLY'>, userId: string, now: number): IceConfig {
  const iceServers: IceServer[] = [];
  if (env.STUN_URLS?.length) iceServers.push({ urls: env.STUN_URLS });
  if (!env.TURN_URLS?.length || !env.TURN_SECRET) return { iceServers, expiresAt: null, relayOnly: false };
  const expiry = Math.floor(now / 1000) + TURN_CREDENTIAL_SECONDS;
  iceServers.push({ urls: env.TURN_URLS, ...turnCredential(env.TURN_SECRET, userId, expiry) });
  return { iceServers, expiresAt: expiry * 1000, relayOnly: env.CALL_RELAY_ONLY };
}
