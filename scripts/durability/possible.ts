// The ledger's sets of values a piece of state may hold (writers.ts explains the rule).

// Every key has a set from round 0 on (verifyDatabase records the seeded state before round 1).
export const addPossible = <T>(map: Map<string, Set<T>>, key: string, value: T) => {
  const set = map.get(key);
  if (!set) throw new Error(`no baseline for ${key}`);
  set.add(value);
};
