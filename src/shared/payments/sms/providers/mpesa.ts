import { pattern } from '../pattern';

/** M-Pesa: Safaricom (Kenya, English: the id comes first, days are d/m/yy) and Vodacom (DR Congo, French). */
export const MPESA = [
  pattern({ provider: 'mpesa', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`^\s*(?<id>[A-Z0-9]{10}) Confirmed\.\s*(?<currency>Ksh)\s?{AMOUNT} (?:sent to|paid to) {PARTY}(?: for account \S+)? on {DATE} at {TIME}` }),
  pattern({ provider: 'mpesa', language: 'en', direction: 'received', dates: 'dmy', text: String.raw`^\s*(?<id>[A-Z0-9]{10}) Confirmed\.\s*You have received (?<currency>Ksh)\s?{AMOUNT} from {PARTY} on {DATE} at {TIME}` }),
  pattern({ provider: 'mpesa', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Transaction ID\s?: (?<id>[A-Z0-9]{8,12})\.\s*Vous avez envoy[ée] {AMOUNT} (?<currency>[A-Z]{3}) [àa] {PARTY} le {DATE} [àa] {TIME}` }),
  pattern({ provider: 'mpesa', language: 'fr', direction: 'received', dates: 'dmy', text: String.raw`Transaction ID\s?: (?<id>[A-Z0-9]{8,12})\.\s*Vous avez re[çc]u {AMOUNT} (?<currency>[A-Z]{3}) de {PARTY} le {DATE} [àa] {TIME}` }),
  pattern({ provider: 'mpesa', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Transaction ID\s?: (?<id>[A-Z0-9]{8,12})\.\s*Paiement de {AMOUNT} (?<currency>[A-Z]{3}) [àa] {PARTY} le {DATE} [àa] {TIME}` }),
];
