export { tenderKeys } from '@/lib/query-keys';
