import { pattern } from '../pattern';

const ID_EN = String.raw`Trans ID\s?: (?<id>[A-Z0-9]+(?:\.[A-Z0-9]+)*)`;
const ID_FR = String.raw`ID Trans\s?: (?<id>[A-Z0-9]+(?:\.[A-Z0-9]+)*)`;

/** Airtel Money (Kenya, Uganda, Zambia in English; Congo, Chad, Niger, Gabon in French). */
export const AIRTEL_MONEY = [
  pattern({ provider: 'airtel_money', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`Confirmed\. You have (?:sent|paid) (?<currency>[A-Z]{3}) {AMOUNT} to {PARTY} on {DATE} {TIME}\. ${ID_EN}` }),
  pattern({ provider: 'airtel_money', language: 'en', direction: 'received', dates: 'dmy', text: String.raw`Confirmed\. You have received (?<currency>[A-Z]{3}) {AMOUNT} from {PARTY} on {DATE} {TIME}\. ${ID_EN}` }),
  pattern({ provider: 'airtel_money', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Vous avez (?:envoy[ée]|pay[ée]) {AMOUNT} (?<currency>[A-Z]{3}) [àa] {PARTY} le {DATE} {TIME}\. ${ID_FR}` }),
  pattern({ provider: 'airtel_money', language: 'fr', direction: 'received', dates: 'dmy', text: String.raw`Vous avez re[çc]u {AMOUNT} (?<currency>[A-Z]{3}) de {PARTY} le {DATE} {TIME}\. ${ID_FR}` }),
];
