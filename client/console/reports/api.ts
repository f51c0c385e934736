import { queryOptions } from '@tanstack/react-query';
import type { ClientsReport, ReportQuery, TakingsReport, UtilisationReport } from '../../../shared/console/reports';
import { staffCall } from '../lib/api';

export const reportsKey = (salonId: number) => ['console', salonId, 'reports'] as const;

const report = <T>(salonId: number, name: 'takings' | 'utilisation' | 'clients', q: ReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey(salonId), name, q.from, q.to],
    queryFn: () => staffCall<T>(`salons/${salonId}/reports/${name}?from=${q.from}&to=${q.to}`),
  });

export const takingsQuery = (salonId: number, q: ReportQuery) => report<TakingsReport>(salonId, 'takings', q);
export const utilisationQuery = (salonId: number, q: ReportQuery) => report<UtilisationReport>(salonId, 'utilisation', q);
export const clientsQuery = (salonId: number, q: ReportQuery) => report<ClientsReport>(salonId, 'clients', q);
