import { Link, Typography } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditLogRecord } from '@topup/common/api';
import { camelField, humanizeField, recordCaption } from './auditDiff';

/** The back-office screen of each recorded entity, where there is one. */
const ENTITY_SCREENS: Record<string, { resource: string; type: 'edit' | 'show' }> = {
  product: { resource: 'products', type: 'edit' },
  region: { resource: 'regions', type: 'edit' },
  promotion: { resource: 'promotions', type: 'edit' },
  code: { resource: 'codes', type: 'edit' },
  pubg_code: { resource: 'pubgCodes', type: 'edit' },
  pubg_denomination: { resource: 'pubgDenominations', type: 'edit' },
  freefire_denomination: { resource: 'freefireCodes', type: 'edit' },
  game: { resource: 'games', type: 'edit' },
  game_denomination: { resource: 'gameDenominations', type: 'edit' },
  order: { resource: 'orders', type: 'show' },
  user: { resource: 'users', type: 'edit' },
  generated_code: { resource: 'generatedCodes', type: 'show' },
  code_generation_request: { resource: 'generationRequests', type: 'show' },
  currency_rate: { resource: 'currencyRates', type: 'edit' },
};

/** The recorded entities, for the filter. */
export const AUDIT_ENTITIES = [...Object.keys(ENTITY_SCREENS), 'support_message', 'stock_threshold', 'currency_settings', 'login', 'job', 'queue'];

/** The languages a record's `translations` are kept in, as they show in a field's path. */
const CONTENT_LANGUAGES = ['ru', 'en', 'uz'];

/**
 * A recorded field in the admin's words: the label its screen gives it (`resources.products.fields.gameCurrency`),
 * else the activity log's own, else its name in words; a nested one reads as its path ("Переводы · EN · Название").
 */
export function useFieldLabel(entity: string) {
  const translate = useTranslate();
  const resource = ENTITY_SCREENS[entity]?.resource;
  const word = (name: string) => {
    if (CONTENT_LANGUAGES.includes(name)) return name.toUpperCase();
    const common = translate(`resources.audit-log.field_names.${name}`, { _: humanizeField(name) });
    return resource ? translate(`resources.${resource}.fields.${camelField(name)}`, { _: common }) : common;
  };
  return (field: string) => field.split('.').map(word).join(' · ');
}

/** A link inside a clickable row that does not also click the row. */
function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" sx={{ fontWeight: 600 }} onClick={(event: MouseEvent) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

/** A readable name of the action ("Balance debited"); an action without one shows as recorded. */
export function useActionLabel() {
  const translate = useTranslate();
  return (action: string) => translate(`resources.audit-log.actions.${action}`, { _: action });
}

export function AuditActionField(_props: { label?: string; source?: string }) {
  const entry = useRecordContext<AuditLogRecord>();
  const label = useActionLabel();
  if (!entry) return null;
  return (
    <Typography component="span" variant="body2" title={entry.action}>
      {label(entry.action)}
    </Typography>
  );
}

/** The admin who made the change, linking to their page; the store itself for a scheduled job. */
export function AuditActorField(_props: { label?: string; source?: string }) {
  const entry = useRecordContext<AuditLogRecord>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!entry) return null;
  if (entry.actorId === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('resources.audit-log.the_store')}
      </Typography>
    );
  }
  return <RowLink to={createPath({ resource: 'users', id: entry.actorId, type: 'edit' })}>{entry.actorNickname ?? `#${entry.actorId}`}</RowLink>;
}

/** What the change was made to: the entity's name and id, linking to its screen where one exists. */
export function AuditEntityField(_props: { label?: string; source?: string }) {
  const entry = useRecordContext<AuditLogRecord>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!entry) return null;
  const name = translate(`resources.audit-log.entities.${entry.entity}`, { _: entry.entity });
  if (entry.entity === 'job' || entry.entity === 'queue') {
    // Queue changes name the queue (and job) they were made on: `fulfilment:42`.
    const target = entry.entityId ? entry.entityId.replace(':', ' · #') : translate('resources.audit-log.all_queues');
    return (
      <Typography component="span" variant="body2">
        {name}: {target}
      </Typography>
    );
  }
  const screen = ENTITY_SCREENS[entry.entity];
  if (!entry.entityId) {
    return (
      <Typography component="span" variant="body2">
        {name}
      </Typography>
    );
  }
  const caption = recordCaption(entry.before, entry.after);
  const text = caption ? `${name} ${caption}` : `${name} #${entry.entityId}`;
  return screen ? <RowLink to={createPath({ resource: screen.resource, id: entry.entityId, type: screen.type })}>{text}</RowLink> : <span>{text}</span>;
}
