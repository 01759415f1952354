export { bidOpeningKeys } from '@/lib/query-keys';
