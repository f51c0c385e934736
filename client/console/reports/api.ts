import { queryOptions } from '@tanstack/react-query';
import type { ReportQuery } from '../../../shared/console/reports';
import { answer, salon, salonCalls } from '../lib/api';

export const reportsKey = (salonId: number) => ['console', salonId, 'reports'] as const;

const reports = salonCalls.reports;

export const takingsQuery = (salonId: number, q: ReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey(salonId), 'takings', q.from, q.to],
    queryFn: () => answer(reports.takings.$get({ param: salon(salonId), query: q })),
  });
export const utilisationQuery = (salonId: number, q: ReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey(salonId), 'utilisation', q.from, q.to],
    queryFn: () => answer(reports.utilisation.$get({ param: salon(salonId), query: q })),
  });
export const clientsQuery = (salonId: number, q: ReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey(salonId), 'clients', q.from, q.to],
    queryFn: () => answer(reports.clients.$get({ param: salon(salonId), query: q })),
  });
