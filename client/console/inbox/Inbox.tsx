import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { INBOX_ANSWER_MAX, inboxAnswerSchema, type InboxThread } from '../../../shared/console/inbox';
import { CallFailed, Loading } from '../../components/CallFailed';
import { primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox } from '../ui/looks';
import { whenOf } from '../lib/when';
import { answer, inboxKey, inboxQuery, threadQuery } from './api';

const STATUS_WORDS = {
  queued: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Not delivered',
  bounced: 'Not delivered',
} as const;

/**
 * The Inbox (docs/console/inbox.md): the threads, most recent first, and the open one
 * (`?thread=`): every text both ways with its delivery status, and the answer box. At 390 px the
 * open thread takes the screen, with a way back to the list.
 */
export function Inbox() {
  const salon = useCurrentSalon();
  const [params] = useSearchParams();
  const open = params.get('thread');
  // live: the navigation's count (app/Shell.tsx) listens to the salon's channel for `inbox`
  // events and asks again for every query of the Inbox, this list and the open thread too
  const list = useQuery(inboxQuery(salon.id));
  return (
    <>
      <h1 className={screenTitle}>Inbox</h1>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '320px 1fr' }, gap: '4', alignItems: 'start' })}>
        <section aria-label="Conversations" className={`${sectionBox} ${open ? css({ display: { base: 'none', md: 'block' } }) : ''}`}>
          {list.isPending ? (
            <Loading what="the conversations" />
          ) : list.isError ? (
            <CallFailed message={list.error.message} onRetry={() => void list.refetch()} />
          ) : list.data.threads.length === 0 ? (
            <p>No texts from clients yet. When a client answers one of your texts, it appears here.</p>
          ) : (
            <ul className={css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '1' })}>
              {list.data.threads.map((t) => (
                <ThreadLink key={t.id} thread={t} current={t.id === open} />
              ))}
            </ul>
          )}
        </section>
        {open ? <Thread key={open} threadId={open} /> : null}
      </div>
    </>
  );
}

function ThreadLink({ thread: t, current }: { thread: InboxThread; current: boolean }) {
  return (
    <li>
      <Link
        to={`?thread=${t.id}`}
        aria-current={current ? 'true' : undefined}
        className={css({
          display: 'block',
          p: '2',
          rounded: 'md',
          color: 'text',
          textDecoration: 'none',
          _hover: { bg: 'surface' },
          '&[aria-current=true]': { bg: 'surfaceMuted' },
        })}
      >
        <span className={css({ display: 'flex', gap: '2', alignItems: 'baseline' })}>
          <span className={css({ fontWeight: t.unread ? '700' : '600', mr: 'auto', overflowWrap: 'anywhere' })}>{t.client.name}</span>
          {t.unread > 0 && (
            <span className={css({ bg: 'primary', color: 'onPrimary', rounded: 'full', px: '2', fontSize: 'sm' })}>{t.unread} unread</span>
          )}
        </span>
        <span className={css({ display: 'block', color: 'textMuted', fontSize: 'sm', overflowWrap: 'anywhere' })}>
          {t.last.direction === 'out' ? 'You: ' : ''}
          {t.last.body.length > 80 ? `${t.last.body.slice(0, 80)}…` : t.last.body}
        </span>
      </Link>
    </li>
  );
}

function Thread({ threadId }: { threadId: string }) {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const q = useQuery(threadQuery(salon.id, threadId));
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const send = useMutation({
    mutationFn: (text: string) => answer(salon.id, threadId, text),
    onSuccess: (view) => {
      queries.setQueryData(threadQuery(salon.id, threadId).queryKey, view);
      void queries.invalidateQueries({ queryKey: inboxKey(salon.id), exact: true });
      setBody('');
    },
    onError: (e) => setError(e.message),
  });
  // opening it marked it read: the list's unread counts follow
  useEffect(() => {
    if (q.isSuccess) void queries.invalidateQueries({ queryKey: inboxKey(salon.id), exact: true });
  }, [q.isSuccess, queries, salon.id]);
  if (q.isPending) return <Loading what="the conversation" />;
  if (q.isError) return <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />;
  const { thread, messages } = q.data;
  return (
    <section aria-label={`Conversation with ${thread.client.name}`} className={sectionBox}>
      <Link to="?" className={css({ display: { md: 'none' }, mb: '2', color: 'primary' })}>
        ← All conversations
      </Link>
      <h2 className={css({ fontSize: 'lg', fontWeight: '700', overflowWrap: 'anywhere' })}>{thread.client.name}</h2>
      <p className={css({ color: 'textMuted', fontSize: 'sm', mb: '3' })}>
        <a href={`tel:${thread.client.phone}`} className={css({ color: 'primary' })}>
          {thread.client.phone}
        </a>
        {thread.client.opted_out_of_texts && ' · Opted out of texts'}
      </p>
      <ol className={css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '2', mb: '4' })}>
        {messages.map((m, i) => (
          <li
            key={i}
            className={css({
              maxW: '85%',
              p: '2',
              rounded: 'lg',
              justifySelf: m.direction === 'out' ? 'end' : 'start',
              bg: m.direction === 'out' ? 'surfaceMuted' : 'surface',
              border: '1px solid {colors.surfaceMuted}',
            })}
          >
            <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{m.body}</p>
            <p className={css({ color: 'textMuted', fontSize: 'sm' })}>
              {m.direction === 'in' ? 'Client' : (m.staff_name ?? 'Salon')} · {whenOf(m.at)}
              {m.direction === 'out' && m.status ? ` · ${STATUS_WORDS[m.status]}` : ''}
            </p>
          </li>
        ))}
      </ol>
      {thread.client.opted_out_of_texts ? (
        <p>This client texted STOP: they get no texts from the salon until they text START.</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const checked = inboxAnswerSchema.safeParse({ body });
            if (!checked.success) return setError(checked.error.issues[0]!.message);
            setError(null);
            send.mutate(checked.data.body);
          }}
        >
          <label htmlFor={fieldId} className={css({ display: 'block', fontWeight: '600', mb: '1' })}>
            Answer
          </label>
          <textarea
            id={fieldId}
            value={body}
            maxLength={INBOX_ANSWER_MAX}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setBody(e.target.value)}
            className={css({ w: 'full', p: '2', border: '1px solid {colors.textMuted}', rounded: 'md', bg: 'bg', color: 'text' })}
          />
          {error && (
            <p id={errorId} role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
              {error}
            </p>
          )}
          <button type="submit" className={`${primaryButton} ${css({ mt: '2' })}`} disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send answer'}
          </button>
        </form>
      )}
    </section>
  );
}
