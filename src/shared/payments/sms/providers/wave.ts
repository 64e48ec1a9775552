import { pattern } from '../pattern';

// Wave writes the CFA franc as a bare F after the amount, and its ids as T_ and letters.
const ID = String.raw`ID\s?: (?<id>T_[A-Z0-9]{6,})`;

/** Wave (Senegal, Côte d'Ivoire, Mali, Burkina Faso…), in French and English. */
export const WAVE = [
  pattern({ provider: 'wave', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Vous avez envoy[ée] {AMOUNT}\s?(?<currency>F) [àa] {PARTY}\. .*?${ID}\. {DATE} {TIME}` }),
  pattern({ provider: 'wave', language: 'fr', direction: 'received', dates: 'dmy', text: String.raw`Vous avez re[çc]u {AMOUNT}\s?(?<currency>F) de {PARTY}\. .*?${ID}\. {DATE} {TIME}` }),
  pattern({ provider: 'wave', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Paiement de {AMOUNT}\s?(?<currency>F) [àa] {PARTY} effectu[ée]\..*?${ID}\. {DATE} {TIME}` }),
  pattern({ provider: 'wave', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`You sent {AMOUNT}\s?(?<currency>F) to {PARTY}\. .*?${ID}\. {DATE} {TIME}` }),
  pattern({ provider: 'wave', language: 'en', direction: 'received', dates: 'dmy', text: String.raw`You received {AMOUNT}\s?(?<currency>F) from {PARTY}\. .*?${ID}\. {DATE} {TIME}` }),
  pattern({ provider: 'wave', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`Payment of {AMOUNT}\s?(?<currency>F) to {PARTY} completed\..*?${ID}\. {DATE} {TIME}` }),
];
