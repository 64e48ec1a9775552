/** The operations of every domain (domains/index.ts builds them from the list of domains). */
export { OPERATIONS, OPERATIONS_BY_PATH } from '../domains';
