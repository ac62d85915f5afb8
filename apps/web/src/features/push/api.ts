/** Push on this device and per kind (decision record 0088): the campus's key, my devices, and changing them. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushDevices, PushDeviceUpdate } from '@campus/contract';
import { api } from '../../lib/api-client';
import { subscribeThisDevice, unsubscribeThisDevice } from './device';

const DEVICES_KEY = ['push-devices'] as const;

export const pushDevicesQuery = () =>
  queryOptions({ queryKey: DEVICES_KEY, queryFn: () => api<PushDevices>('/api/push/subscriptions') });

export function usePushDevices(enabled = true) {
  return useQuery({ ...pushDevicesQuery(), enabled });
}

/** Turns push on for this browser: permission, subscription, and the server told. */
export function useTurnPushOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await api<{ publicKey: string }>('/api/push/key');
      const subscription = await subscribeThisDevice(publicKey);
      return api<PushDevice>('/api/push/subscriptions', { method: 'POST', body: subscription });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

/** Turns push off for this browser: the server forgets it, then the browser lets go of it. */
export function useTurnPushOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endpoint: string | undefined) => {
      if (endpoint) {
        await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } }).catch(
          (error: unknown) => {
            // Already gone from the server (removed on another device): nothing more to do there.
            if (!(error instanceof Error && 'status' in error && error.status === 404)) throw error;
          },
        );
      }
      await unsubscribeThisDevice();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

/** Removes another of my devices (a lost phone). */
export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/push/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export function useSetDeviceKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kinds }: { id: string; kinds: PushDeviceUpdate['kinds'] }) =>
      api<PushDevice>(`/api/push/subscriptions/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: { kinds },
      }),
    onSuccess: (device) =>
      queryClient.setQueryData<PushDevices>(DEVICES_KEY, (old) =>
        old ? { ...old, devices: old.devices.map((d) => (d._id === device._id ? device : d)) } : old,
      ),
  });
}
