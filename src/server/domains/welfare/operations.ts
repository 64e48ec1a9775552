import {
  addDependantInput,
  addDocumentInput,
  caseIdInput,
  caseLeviesInput,
  closeCaseInput,
  communityIdInput,
  condolenceInput,
  createFundInput,
  dependantIdInput,
  dependantsInput,
  fundIdInput,
  fundRulesInput,
  listCasesInput,
  myLeviesInput,
  openCaseInput,
  payBenefitInput,
  payLevyInput,
  recordLevyCashInput,
  rejectCaseInput,
} from '@shared/schemas/welfare';
import { can } from '@shared/permissions';
import type { Currency } from '@shared/money';
import type { Context } from '../../context';
import { toCsv } from '../../exports/table';
import { toXlsx } from '../../exports/xlsx';
import { inCommunity, mutation, query, signedIn, type CommunityScope, type SignedInContext } from '../../operations/define';
import { forbidden, notFound } from '../../services/errors';
import { requireBooks } from '../../services/finances/books';
import { announceCondolence, confirmBenefit, payBenefit } from './benefit';
import { addDocument, caseCommunity, caseOf, closeCase, decideCase, listCases, openCase, rejectCase, seesCase } from './cases';
import { addDependant, dependantCommunity, listDependants, removeDependant } from './dependants';
import { changeFundRules, createFund, fundCommunity, fundDto, fundOf, listFunds } from './funds';
import { caseLevies, declareLevyPayment, issueLevy, levyCommunity, myLevies, recordLevyCash } from './levies';
import { welfareNeeds } from './needs';
import { caseReportExport, caseReportPdf } from './report';
import { caseSummary, caseView } from './view';

/*
 * The welfare fund. Members (welfare.view) see the funds and their rules, register their own
 * dependants, open cases for themselves or their family, see approved cases' collection as totals,
 * pay their levies and confirm a benefit paid to them. Officers (welfare.manage) set funds up,
 * verify and approve cases (two of them, never a party to the case), issue levies, pay benefits,
 * close cases with their report and post a condolence with the family's consent. The case's own
 * rules (who is a party, who the beneficiary is) are the services'.
 */

const ofFund = (input: { id: number }, ctx: Context) => fundCommunity(ctx.db, input.id);
const ofCase = (input: { id: number }, ctx: Context) => caseCommunity(ctx.db, input.id);
const ofDependant = (input: { id: number }, ctx: Context) => dependantCommunity(ctx.db, input.id);
const ofLevy = (input: { id: number }, ctx: Context) => levyCommunity(ctx.db, input.id);
const CASE_NOT_FOUND = 'errors.welfare.caseNotFound';
const caseMember = inCommunity('welfare.view', ofCase, CASE_NOT_FOUND);
const caseOfficer = inCommunity('welfare.manage', ofCase, CASE_NOT_FOUND);

const viewer = (ctx: SignedInContext, role: string) => ({ id: ctx.user.id, officer: can(role, 'welfare.manage') });
const named = (community: CommunityScope['community']) => ({ communityId: community.id, communityName: community.name });

/** A case the caller may see (404 alike for one they may not), for its report. */
function reportable(ctx: SignedInContext, id: number, { community, role }: CommunityScope) {
  const c = caseOf(ctx.db, community.id, id);
  if (!seesCase(c, viewer(ctx, role))) throw notFound(CASE_NOT_FOUND);
  const frame = { communityName: community.name, currency: requireBooks(ctx.db, community.id).currency as Currency, timeZone: community.timeZone, appName: ctx.env.APP_NAME };
  return { c, frame };
}

export const welfare = {
  funds: query({ input: communityIdInput, access: inCommunity('welfare.view'), run: (ctx, _input, { community }) => listFunds(ctx.db, community.id) }),
  fund: query({ input: fundIdInput, access: inCommunity('welfare.view', ofFund, 'errors.welfare.fundNotFound'), run: (ctx, input, { community }) => fundDto(ctx.db, fundOf(ctx.db, community.id, input.id)) }),
  createFund: mutation({
    input: createFundInput,
    access: inCommunity('welfare.manage'),
    run: (ctx, input, { community }) => {
      const row = createFund(ctx.db, { communityId: community.id, actorId: ctx.user.id, name: input.name, kind: input.kind, financing: input.financing, currency: input.currency, rules: input.rules, now: ctx.now() });
      return fundDto(ctx.db, row);
    },
  }),
  /** New rules: the fund's next version; open cases keep theirs. */
  changeRules: mutation({
    input: fundRulesInput,
    access: inCommunity('welfare.manage', ofFund, 'errors.welfare.fundNotFound'),
    run: (ctx, input, { community }) => changeFundRules(ctx.db, { communityId: community.id, fundId: input.id, actorId: ctx.user.id, currency: input.currency, rules: input.rules, now: ctx.now() }),
  }),

  /** One's own dependants; officers may read another member's (to check a case). */
  dependants: query({
    input: dependantsInput,
    access: inCommunity('welfare.view'),
    run: (ctx, input, { community, role }) => {
      const memberId = input.userId ?? ctx.user.id;
      if (memberId !== ctx.user.id && !can(role, 'welfare.manage')) throw forbidden('errors.welfare.ownDependants');
      return listDependants(ctx.db, { communityId: community.id, memberId });
    },
  }),
  addDependant: mutation({
    input: addDependantInput,
    access: inCommunity('welfare.view'),
    run: (ctx, input, { community }) => addDependant(ctx.db, { communityId: community.id, memberId: ctx.user.id, name: input.name, relationship: input.relationship, now: ctx.now() }),
  }),
  removeDependant: mutation({
    input: dependantIdInput,
    access: inCommunity('welfare.view', ofDependant, 'errors.welfare.dependantNotFound'),
    run: (ctx, input, { community }) => removeDependant(ctx.db, { communityId: community.id, id: input.id, memberId: ctx.user.id, now: ctx.now() }),
  }),

  /** The community's cases the caller may see, newest first. */
  cases: query({
    input: listCasesInput,
    access: inCommunity('welfare.view'),
    run: (ctx, input, { community, role }) => {
      const v = viewer(ctx, role);
      const page = listCases(ctx.db, { communityId: community.id, viewer: v, status: input.status, cursor: input.cursor, limit: input.limit });
      return { items: page.items.map((c) => caseSummary(ctx.db, c, v)), nextCursor: page.nextCursor };
    },
  }),
  case: query({ input: caseIdInput, access: caseMember, run: (ctx, input, { community, role }) => ({ ...caseView(ctx.db, caseOf(ctx.db, community.id, input.id), viewer(ctx, role), ctx.now()), currency: requireBooks(ctx.db, community.id).currency, communityName: community.name }) }),
  openCase: mutation({
    input: openCaseInput,
    access: inCommunity('welfare.view'),
    run: (ctx, input, { community, role }) => {
      requireBooks(ctx.db, community.id);
      const row = openCase(ctx.db, {
        community: { id: community.id, name: community.name, timeZone: community.timeZone },
        actorId: ctx.user.id,
        fundId: input.fundId,
        memberId: input.memberId,
        dependantId: input.dependantId,
        beneficiaryId: input.beneficiaryId,
        description: input.description,
        documents: input.documents,
        now: ctx.now(),
      });
      return caseView(ctx.db, row, viewer(ctx, role), ctx.now());
    },
  }),
  addDocument: mutation({
    input: addDocumentInput,
    access: caseMember,
    run: (ctx, input, { community, role }) => addDocument(ctx.db, { communityId: community.id, caseId: input.id, actorId: ctx.user.id, officer: can(role, 'welfare.manage'), url: input.url, label: input.label, now: ctx.now() }),
  }),
  verify: mutation({ input: caseIdInput, access: caseOfficer, run: (ctx, input, { community }) => decideCase(ctx.db, { ...named(community), caseId: input.id, actorId: ctx.user.id, action: 'verify', now: ctx.now() }) }),
  approve: mutation({ input: caseIdInput, access: caseOfficer, run: (ctx, input, { community }) => decideCase(ctx.db, { ...named(community), caseId: input.id, actorId: ctx.user.id, action: 'approve', now: ctx.now() }) }),
  reject: mutation({ input: rejectCaseInput, access: caseOfficer, run: (ctx, input, { community }) => rejectCase(ctx.db, { ...named(community), caseId: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  /** Issues the case's levy to every member in good standing (once: a second request gets 409). */
  issueLevy: mutation({ input: caseIdInput, access: caseOfficer, run: (ctx, input, { community }) => issueLevy(ctx.db, { communityId: community.id, caseId: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  payBenefit: mutation({
    input: payBenefitInput,
    access: caseOfficer,
    run: (ctx, input, { community }) =>
      payBenefit(ctx.db, { ...named(community), caseId: input.id, actorId: ctx.user.id, accountId: input.accountId, method: input.method, reference: input.reference, proofUrl: input.proofUrl, now: ctx.now() }),
  }),
  /** The beneficiary confirms they received the benefit. */
  confirmBenefit: mutation({ input: caseIdInput, access: caseMember, run: (ctx, input, { community }) => confirmBenefit(ctx.db, { ...named(community), caseId: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  close: mutation({ input: closeCaseInput, access: caseOfficer, run: (ctx, input, { community }) => closeCase(ctx.db, { ...named(community), caseId: input.id, actorId: ctx.user.id, note: input.note, now: ctx.now() }) }),
  condolence: mutation({
    input: condolenceInput,
    access: caseOfficer,
    run: (ctx, input, { community }) => announceCondolence(ctx.db, { communityId: community.id, caseId: input.id, actorId: ctx.user.id, consent: input.consent, title: input.title, message: input.message, now: ctx.now() }),
  }),
  reportCsv: query({
    input: caseIdInput,
    access: caseMember,
    run: (ctx, input, scope) => {
      const { c, frame } = reportable(ctx, input.id, scope);
      const e = caseReportExport(ctx.db, c, frame, ctx.user.language);
      return { filename: `${e.filename}.csv`, csv: toCsv(e) };
    },
  }),

  /** The caller's own levies and contributions in the community. */
  myLevies: query({ input: myLeviesInput, access: inCommunity('welfare.view'), run: (ctx, _input, { community }) => ({ currency: requireBooks(ctx.db, community.id).currency, levies: myLevies(ctx.db, { communityId: community.id, memberId: ctx.user.id, now: ctx.now() }) }) }),
  /** Declares a payment of one's own levy (it waits for an officer, as any payment does). */
  payLevy: mutation({
    input: payLevyInput,
    access: inCommunity('welfare.view', ofLevy, 'errors.welfare.levyNotFound'),
    run: (ctx, input, { community }) =>
      declareLevyPayment(ctx.db, { communityId: community.id, levyId: input.id, memberId: ctx.user.id, amount: input.amount, currency: input.currency, method: input.method, provider: input.provider, reference: input.reference, proofUrl: input.proofUrl, now: ctx.now() }),
  }),
  /** A case's levies, member by member, for its officers (members see the collection's totals only). */
  caseLevies: query({
    input: caseLeviesInput,
    access: caseOfficer,
    run: (ctx, input, { community }) => {
      const c = caseOf(ctx.db, community.id, input.id);
      return caseLevies(ctx.db, { caseId: c.id, search: input.search, unpaid: input.unpaid, cursor: input.cursor, limit: input.limit, now: ctx.now() });
    },
  }),
  /** Cash an officer took for a member's levy; another officer confirms it. */
  recordLevyCash: mutation({
    input: recordLevyCashInput,
    access: inCommunity('finances.record', ofLevy, 'errors.welfare.levyNotFound'),
    run: (ctx, input, { community }) => recordLevyCash(ctx.db, { communityId: community.id, levyId: input.id, actorId: ctx.user.id, accountId: input.accountId, amount: input.amount, currency: input.currency, reference: input.reference, now: ctx.now() }),
  }),
  /** What waits for the caller in every community's welfare fund (cases to decide, benefits to confirm, levies to pay). */
  needs: query({ access: signedIn, run: (ctx) => welfareNeeds(ctx.db, ctx.user.id) }),
};

/** Files only over REST: the case report as a workbook and as a PDF. */
export const welfareFiles = {
  reportXlsx: query({
    input: caseIdInput,
    access: caseMember,
    run: async (ctx, input, scope) => {
      const { c, frame } = reportable(ctx, input.id, scope);
      const e = caseReportExport(ctx.db, c, frame, ctx.user.language);
      return { filename: `${e.filename}.xlsx`, xlsx: await toXlsx(e, { creator: ctx.env.APP_NAME }) };
    },
  }),
  reportPdf: query({
    input: caseIdInput,
    access: caseMember,
    run: async (ctx, input, scope) => {
      const { c, frame } = reportable(ctx, input.id, scope);
      return { filename: `welfare-case-${c.id}.pdf`, pdf: await caseReportPdf(ctx.db, c, frame, ctx.user.language) };
    },
  }),
};
