/**
 * Sends a create-notice request and says how it went in a toast: the §8 words, with a View link to
 * the teacher's home where the notices are listed, or what failed and what to do.
 */
import { useNavigate } from 'react-router';
import { PATHS, type CreateNoticeRequest } from '@campus/contract';
import { said } from '../../../i18n/said';
import { useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { showOutcome } from '../../../components/toast';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { whatToDo } from '../../../lib/failure';
import { useCreateNotice } from '../api';

/** The §8 words of a failed create, or the server's own; in the person's language where known. */
export function noticeErrorMessage(error: unknown, t: TeacherWords): string {
  return error instanceof ApiError
    ? said(t, serverMessageOr(error, t('notices.createFailed')))
    : t('notices.networkError');
}

export function useNoticeSubmit() {
  const { t } = useTeacherWords();
  const create = useCreateNotice();
  const navigate = useNavigate();

  function submit(body: CreateNoticeRequest, onCreated: () => void) {
    create.mutate(body, {
      onSuccess: () => {
        showOutcome({
          ok: true,
          message: t('notices.created'),
          action: { label: t('view'), onClick: () => void navigate(PATHS.teacher.home) },
        });
        onCreated();
      },
      onError: (error) =>
        showOutcome({
          ok: false,
          title: t('notices.couldNotCreate'),
          message: `${noticeErrorMessage(error, t)}\n${whatToDo(error)}`,
        }),
    });
  }

  return { submit, pending: create.isPending };
}
