import { useQuery } from '@tanstack/react-query';
import { dictionary } from '@tender/contracts';
import { request } from '@/lib/request';
import { dictKeys } from './keys';

export const fetchDictItems = (typeCode: string) =>
  request(dictionary.listDictItem, { typeCode }, { quiet: true });

/** Every item of one type, disabled ones included; idle until a type is chosen. */
export const useDictItems = (typeCode: string | undefined) =>
  useQuery({
    queryKey: dictKeys.items(typeCode ?? ''),
    queryFn: () => fetchDictItems(typeCode ?? ''),
    enabled: Boolean(typeCode),
  });
