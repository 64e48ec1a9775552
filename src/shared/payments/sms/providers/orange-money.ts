import { pattern } from '../pattern';

// Orange's transaction ids are dotted: PP240312.1405.A12345.
const ID = String.raw`(?<id>[A-Z0-9]+(?:\.[A-Z0-9]+)+)`;

/** Orange Money (Cameroon, Senegal, Côte d'Ivoire, Mali, Guinea…), in French and in English (Cameroon). */
export const ORANGE_MONEY = [
  pattern({ provider: 'orange_money', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Transfert de {AMOUNT} (?<currency>[A-Z]{1,4}) vers le {PARTY} r[ée]ussi\..*?ID transaction\s?: ${ID}\..*?Date\s?: {DATE} {TIME}` }),
  pattern({ provider: 'orange_money', language: 'fr', direction: 'received', dates: 'dmy', text: String.raw`Vous avez re[çc]u un transfert de {AMOUNT} (?<currency>[A-Z]{1,4}) du {PARTY}\. .*?ID transaction\s?: ${ID}\..*?Date\s?: {DATE} {TIME}` }),
  pattern({ provider: 'orange_money', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Paiement de {AMOUNT} (?<currency>[A-Z]{1,4}) [àa] {PARTY} effectu[ée] avec succ[èe]s\..*?ID transaction\s?: ${ID}\..*?Date\s?: {DATE} {TIME}` }),
  pattern({ provider: 'orange_money', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`Transfer of {AMOUNT} (?<currency>[A-Z]{1,4}) to {PARTY} successful\..*?Transaction ID\s?: ${ID}\..*?Date\s?: {DATE} {TIME}` }),
  pattern({ provider: 'orange_money', language: 'en', direction: 'received', dates: 'dmy', text: String.raw`You have received a transfer of {AMOUNT} (?<currency>[A-Z]{1,4}) from {PARTY}\. .*?Transaction ID\s?: ${ID}\..*?Date\s?: {DATE} {TIME}` }),
  pattern({ provider: 'orange_money', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`Payment of {AMOUNT} (?<currency>[A-Z]{1,4}) to {PARTY} successful\..*?Transaction ID\s?: ${ID}\..*?Date\s?: {DATE} {TIME}` }),
];
