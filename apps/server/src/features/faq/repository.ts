/** The chatbot FAQ: all the SQL of the faq domain. */
import type { FaqItem } from '@campus/contract';
import type { Db } from '../../db/index';
import { newId } from '../../lib/ids';

export interface FaqInput {
  question: string;
  answer: string;
}

export function faqRepository(db: Db) {
  return {
    /** Every item in display order. */
    list(): Promise<FaqItem[]> {
      return db
        .selectFrom('faq')
        .select(['id', 'question', 'answer'])
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** Appends an item after the last one, in one statement. */
    async add(input: FaqInput): Promise<FaqItem> {
      const id = newId();
      await db
        .insertInto('faq')
        .columns(['id', 'position', 'question', 'answer'])
        .expression((eb) =>
          eb
            .selectFrom('faq')
            .select((inner) => [
              inner.val(id).as('id'),
              inner(inner.fn.coalesce(inner.fn.max('position'), inner.lit(0)), '+', 1).as('position'),
              inner.val(input.question).as('question'),
              inner.val(input.answer).as('answer'),
            ]),
        )
        .execute();
      return { id, question: input.question, answer: input.answer };
    },

    /** The updated item, or undefined when there is no item with this id. */
    async update(id: string, input: FaqInput): Promise<FaqItem | undefined> {
      const result = await db
        .updateTable('faq')
        .set({ question: input.question, answer: input.answer })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? { id, question: input.question, answer: input.answer } : undefined;
    },

    /** Whether an item was removed. */
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('faq').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type FaqRepository = ReturnType<typeof faqRepository>;
