import { lazy, Suspense } from 'react';

/*
 * A recruiting fixed-order circle brought in from a spreadsheet (features/imports/circle-import.tsx):
 * its code loads with the page of such a circle only, never with the running circles' pages.
 */
const Card = lazy(() => import('../../imports/circle-import').then((m) => ({ default: m.CircleImportCard })));

export function CircleImportCard(props: { circleId: number; organiser: boolean }) {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}
