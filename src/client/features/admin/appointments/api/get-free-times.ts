/**
 * GET /api/availability/{date}?duration=&address=: the times a visitor would be offered that day, offered in 'New
 * booking' as quick choices (she may type any other time).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '@shared/schemas/booking';
import { isValidDateString } from '@shared/time';
import { getJson } from '@/lib/get-json';

export function getFreeTimes(date: string, duration: number, address: string, signal?: AbortSignal) {
  const query = new URLSearchParams({
    duration: String(duration),
    ...(address.trim() ? { address: address.trim() } : {}),
  });
  return getJson<AvailabilityResponse>(`/api/availability/${date}?${query.toString()}`, signal);
}

export function useFreeTimes(date: string, duration: number | null, address: string) {
  return useQuery({
    queryKey: ['/api/availability', date, duration, address.trim()] as const,
    queryFn: ({ signal }) => getFreeTimes(date, duration!, address, signal),
    enabled: duration !== null && isValidDateString(date),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
