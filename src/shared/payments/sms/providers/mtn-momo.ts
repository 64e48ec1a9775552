import { pattern } from '../pattern';

/** MTN Mobile Money (Cameroon, Ghana, Côte d'Ivoire, Benin, Congo…): transfers, payments and money received. */
export const MTN_MOMO = [
  pattern({ provider: 'mtn_momo', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`You have sent {AMOUNT} (?<currency>[A-Z₵¢]{1,4}) to {PARTY} on {DATE} {TIME}\..*?Transaction I[dD]\s?: (?<id>\d{6,})` }),
  pattern({ provider: 'mtn_momo', language: 'en', direction: 'received', dates: 'dmy', text: String.raw`You have received {AMOUNT} (?<currency>[A-Z₵¢]{1,4}) from {PARTY} on {DATE} {TIME}\..*?Transaction I[dD]\s?: (?<id>\d{6,})` }),
  pattern({ provider: 'mtn_momo', language: 'en', direction: 'sent', dates: 'dmy', text: String.raw`Payment made for (?<currency>[A-Z₵¢]{1,4}) {AMOUNT} to {PARTY}\. .*?Transaction ID\s?: (?<id>\d{6,})\..*?{DATE} {TIME}` }),
  pattern({ provider: 'mtn_momo', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Vous avez (?:transf[ée]r[ée]|envoy[ée]) {AMOUNT} (?<currency>[A-Z]{1,4}) [àa] {PARTY} le {DATE} {TIME}\..*?ID de transaction\s?: (?<id>\d{6,})` }),
  pattern({ provider: 'mtn_momo', language: 'fr', direction: 'received', dates: 'dmy', text: String.raw`Vous avez re[çc]u {AMOUNT} (?<currency>[A-Z]{1,4}) de {PARTY} le {DATE} {TIME}\..*?ID de transaction\s?: (?<id>\d{6,})` }),
  pattern({ provider: 'mtn_momo', language: 'fr', direction: 'sent', dates: 'dmy', text: String.raw`Paiement de {AMOUNT} (?<currency>[A-Z]{1,4}) [àa] {PARTY} effectu[ée] le {DATE} {TIME}\..*?ID de transaction\s?: (?<id>\d{6,})` }),
];
