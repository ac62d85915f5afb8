/** Sends a create-notice request and keeps the §8 outcome message for the form to show. */
import { useState } from 'react';
import { MESSAGES, type CreateNoticeRequest } from '@campus/contract';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { useCreateNotice } from '../api';

export interface SubmitResult {
  ok: boolean;
  message: string;
}

export function noticeErrorMessage(error: unknown): string {
  return error instanceof ApiError
    ? serverMessageOr(error, MESSAGES.notice.createFailed)
    : MESSAGES.notice.networkError;
}

export function useNoticeSubmit() {
  const create = useCreateNotice();
  const [result, setResult] = useState<SubmitResult | null>(null);

  function submit(body: CreateNoticeRequest, onCreated: () => void) {
    setResult(null);
    create.mutate(body, {
      onSuccess: () => {
        setResult({ ok: true, message: MESSAGES.notice.created });
        onCreated();
      },
      onError: (error) => setResult({ ok: false, message: noticeErrorMessage(error) }),
    });
  }

  return { submit, result, pending: create.isPending };
}
