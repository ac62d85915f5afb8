/**
 * Sends a create-notice request and says how it went in a toast: the §8 words, with a View link to
 * the teacher's home where the notices are listed, or what failed and what to do.
 */
import { useNavigate } from 'react-router';
import { MESSAGES, PATHS, type CreateNoticeRequest } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { whatToDo } from '../../../lib/failure';
import { useCreateNotice } from '../api';

export function noticeErrorMessage(error: unknown): string {
  return error instanceof ApiError
    ? serverMessageOr(error, MESSAGES.notice.createFailed)
    : MESSAGES.notice.networkError;
}

export function useNoticeSubmit() {
  const create = useCreateNotice();
  const navigate = useNavigate();

  function submit(body: CreateNoticeRequest, onCreated: () => void) {
    create.mutate(body, {
      onSuccess: () => {
        showOutcome({
          ok: true,
          message: MESSAGES.notice.created,
          action: { label: 'View', onClick: () => void navigate(PATHS.teacher.home) },
        });
        onCreated();
      },
      onError: (error) =>
        showOutcome({
          ok: false,
          title: 'Could not create the notice',
          message: `${noticeErrorMessage(error)}\n${whatToDo(error)}`,
        }),
    });
  }

  return { submit, pending: create.isPending };
}
