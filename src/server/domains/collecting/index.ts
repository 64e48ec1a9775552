import { eq } from 'drizzle-orm';
import { paymentReferences } from '../../../../db/schema';
import { defineDomain } from '../domain';
import { collecting } from './operations';
import { collectingRoutes } from './rest';
import { assignMissingReferences } from './references';

/** Collecting money the way members pay: payment instructions, payment references, mobile-money texts. */
export const collectingDomain = defineDomain({
  name: 'collecting',
  operations: { collecting },
  rest: collectingRoutes,
  // Members from before references (or whose SQL draw clashed in the migration) get theirs.
  jobs: { collectingReferences: (deps) => ({ referencesAssigned: assignMissingReferences(deps.db, deps.now()) }) },
  exportData: (db, user) => ({
    paymentReferences: db.select({ communityId: paymentReferences.communityId, reference: paymentReferences.reference }).from(paymentReferences).where(eq(paymentReferences.userId, user.id)).all(),
  }),
  // A reference names a person to whoever reads a statement: it goes with the account.
  erase: (tx, { user }) => ({ paymentReferencesDeleted: tx.delete(paymentReferences).where(eq(paymentReferences.userId, user.id)).run().changes }),
  personalData: {
    payment_instructions: { export: { not: 'the community’s accounts; the treasurer who last set them is forgotten (set null)' }, erase: { kept: 'the community’s payment instructions' } },
    payment_references: { export: { key: 'paymentReferences' }, erase: 'deleted' },
    statement_mappings: { export: { not: 'how an account’s statements name their columns' }, erase: { kept: 'the community’s statement settings' } },
    statement_imports: { export: { not: 'the community’s statements' }, erase: { kept: 'the books’ records must still add up' } },
    statement_lines: { export: { not: 'the community’s statements' }, erase: { kept: 'the books’ records must still add up' } },
  },
});
