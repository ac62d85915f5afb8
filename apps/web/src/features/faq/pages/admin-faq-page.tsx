/** The admin FAQ editor: the chatbot's questions and answers, added, edited and removed in place. */
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import type { FaqItem, FaqItemRequest, FaqUnmatched } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { useAddFaq, useDeleteFaq, useDismissUnmatched, useFaqQuestions, useUpdateFaq } from '../api';
import { FaqItemForm } from '../components/faq-item-form';
import { UnmatchedQuestions } from '../components/unmatched-questions';

export const NO_FAQ_ITEMS = 'No FAQ items yet.';

const itemId = (id: string) => `faq-item-${id}`;

/** Brings an item of the list into view and moves the focus to it. */
function showItem(id: string) {
  const item = document.getElementById(itemId(id));
  item?.scrollIntoView({ block: 'center' });
  item?.focus({ preventScroll: true });
}

function FaqEntry({ item, onEdit, onDelete }: { item: FaqItem; onEdit: () => void; onDelete: () => void }) {
  const questionId = useId();
  return (
    // A long word in a question or answer breaks rather than widening the page.
    <Stack gap="xs" style={{ overflowWrap: 'anywhere' }}>
      <Title order={3} size="h5" id={questionId}>
        {item.question}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{item.answer}</Text>
      <Group gap="sm">
        <Button variant="default" size="xs" onClick={onEdit} aria-describedby={questionId}>
          Edit
        </Button>
        <Button variant="outline" color="red.8" size="xs" onClick={onDelete} aria-describedby={questionId}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

export function AdminFaqPage() {
  const questions = useFaqQuestions();
  const add = useAddFaq();
  const update = useUpdateFaq();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FaqItem | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  // An unanswered question being turned into an item: it fills the add form, and leaves the list once added.
  const [draft, setDraft] = useState<FaqUnmatched | null>(null);
  const dismiss = useDismissUnmatched();
  const addSectionRef = useRef<HTMLElement>(null);
  const addHeadingId = useId();
  const listHeadingId = useId();

  async function addItem(values: FaqItemRequest): Promise<boolean> {
    try {
      const added = await add.mutateAsync(values);
      if (draft) dismiss.mutate(draft.id);
      setDraft(null);
      showOutcome({
        ok: true,
        message: 'Question added. The chatbot offers it now.',
        action: { label: 'View', onClick: () => showItem(added.id) },
      });
      return true;
    } catch (error) {
      showOutcome({
        ok: false,
        title: `Could not add the question “${values.question}”`,
        message: failureDetail(error),
      });
      return false;
    }
  }

  async function saveItem(id: string, values: FaqItemRequest): Promise<boolean> {
    try {
      await update.mutateAsync({ id, ...values });
      setEditing(null);
      showOutcome({
        ok: true,
        message: 'Question saved.',
        action: { label: 'View', onClick: () => showItem(id) },
      });
      return true;
    } catch (error) {
      // The form stays open with the changes, to send again.
      showOutcome({
        ok: false,
        title: `Could not save the question “${values.question}”`,
        message: failureDetail(error),
      });
      return false;
    }
  }

  function deleteItem(item: FaqItem) {
    remove.mutate(item.id, {
      onSuccess: () => {
        setDeleting(null);
        showOutcome({
          ok: true,
          message: `Question deleted. The chatbot no longer offers “${item.question}”.`,
        });
        listHeadingRef.current?.focus();
      },
      onError: (error) => {
        setDeleting(null);
        showOutcome({
          ok: false,
          title: `Could not delete the question “${item.question}”`,
          message: failureDetail(error),
        });
      },
    });
  }

  function startFrom(entry: FaqUnmatched) {
    setDraft(entry);
    addSectionRef.current?.scrollIntoView({ block: 'start' });
    // The form is keyed by the draft: focus its answer once it has rendered again.
    requestAnimationFrame(() =>
      addSectionRef.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus(),
    );
  }

  const items = questions.data ?? [];
  let list;
  if (questions.isPending) list = <LoadingState label="Loading questions..." />;
  else if (questions.isError)
    list = <LoadFailedState title="Could not load the questions." onRetry={() => void questions.refetch()} />;
  else if (items.length === 0)
    list = (
      <EmptyState hint="Questions added here are what the FAQ chatbot answers, and it shows them as suggestions.">
        {NO_FAQ_ITEMS}
      </EmptyState>
    );
  else
    list = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          // Focusable by script only: a toast's View leads here.
          <Paper
            component="li"
            key={item.id}
            id={itemId(item.id)}
            tabIndex={-1}
            withBorder
            p="md"
            radius="md"
          >
            {editing === item.id ? (
              <FaqItemForm
                label={`Edit question: ${item.question}`}
                submitLabel="Save"
                initialValues={{ question: item.question, answer: item.answer }}
                pending={update.isPending}
                onSubmit={(values) => saveItem(item.id, values)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <FaqEntry item={item} onEdit={() => setEditing(item.id)} onDelete={() => setDeleting(item)} />
            )}
          </Paper>
        ))}
      </Stack>
    );

  return (
    <>
      <PageTitle>FAQ</PageTitle>
      <Text mb="lg">These questions and answers are what the FAQ chatbot offers on every page.</Text>
      <Stack gap="xl">
        <Paper
          component="section"
          ref={addSectionRef}
          aria-labelledby={addHeadingId}
          withBorder
          p="md"
          radius="md"
          maw={720}
        >
          <Title order={2} size="h4" id={addHeadingId} mb="sm">
            Add a question
          </Title>
          <FaqItemForm
            // A new draft starts the form afresh with its question.
            key={draft?.id ?? 'new'}
            label="Add a question"
            submitLabel="Add question"
            initialValues={draft ? { question: draft.question, answer: '' } : undefined}
            pending={add.isPending}
            onSubmit={addItem}
          />
        </Paper>
        <UnmatchedQuestions onUse={startFrom} />
        <Stack component="section" aria-labelledby={listHeadingId} gap="sm" maw={720}>
          <Title order={2} size="h4" id={listHeadingId} ref={listHeadingRef} tabIndex={-1}>
            Questions{questions.data ? ` (${items.length})` : ''}
          </Title>
          {list}
        </Stack>
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this question?"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        {deleting && (
          <Stack>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {deleting.question}
            </Text>
            <Text size="sm">The chatbot stops offering it at once.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
                Cancel
              </Button>
              <Button color="red.8" disabled={remove.isPending} onClick={() => deleteItem(deleting)}>
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
