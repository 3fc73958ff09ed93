import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { ReportResponse, ResolveReportDto } from '@/api/generated';
import { LoadingState } from '@/components/loading-state';
import { LoginPrompt } from '@/components/login-prompt';
import { PageContainer } from '@/components/page-container';
import { useSession } from '@/hooks/use-session';
import { useSnackbar } from '@/hooks/use-snackbar';
import '@/i18n/safety';
import type safetyEn from '@/i18n/safety-en.json';

type ReportType = keyof (typeof safetyEn)['safety']['moderation']['types'];
type ActionName = keyof (typeof safetyEn)['safety']['moderation']['actions'];

const typeNames: Record<string, true> = { post: true, comment: true, page: true, user: true, community: true, advertisement: true };

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

function ReportCard({ report }: { report: ReportResponse }) {
  const { t } = useTranslation();
  const showSnack = useSnackbar();
  const [note, setNote] = useState('');
  const [resolve, resolving] = api.endpoints.resolveReport.useMutation();
  const act = async (action: ResolveReportDto['action']) => {
    try {
      await resolve({ id: report.id, resolveReportDto: { action, note } }).unwrap();
      showSnack(t('safety.moderation.done'));
    } catch {
      showSnack(t('safety.actionFailed'), 'error');
    }
  };
  const type = t(`safety.moderation.types.${report.target_type as ReportType}`);
  const hideable = ['post', 'comment', 'page', 'advertisement', 'community'].includes(report.target_type);
  return (
    <Card variant="outlined" component="li" data-testid={`report-${report.id}`}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('safety.moderation.target', { type, id: report.target_id })}
        </Typography>
        {report.author ? <Typography variant="body2">{t('safety.moderation.by', { name: report.author.nickName })}</Typography> : null}
        {report.target_text ? (
          <Typography variant="body1" sx={{ my: 1, whiteSpace: 'pre-wrap' }}>
            {report.target_text}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {t('safety.moderation.reason', { reason: t(`safety.reasons.${report.reason as 'spam'}`) })} ·{' '}
          {t('safety.moderation.reports', { count: report.report_count })}
        </Typography>
        {report.detail ? <Typography variant="body2">{report.detail}</Typography> : null}
        {report.status === 'open' ? (
          <TextField label={t('safety.moderation.note')} value={note} onChange={(e) => setNote(e.target.value)} size="small" fullWidth sx={{ mt: 2 }} />
        ) : (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {report.action ? t(`safety.moderation.actions.${report.action as ActionName}`) : ''} {report.note ? `— ${report.note}` : ''}
          </Typography>
        )}
      </CardContent>
      {report.status === 'open' ? (
        <CardActions>
          {hideable ? (
            <Button color="error" variant="contained" disabled={resolving.isLoading} onClick={() => void act('hide')}>
              {t('safety.moderation.hide')}
            </Button>
          ) : null}
          <Button variant="outlined" disabled={resolving.isLoading} onClick={() => void act('dismiss')}>
            {t('safety.moderation.dismiss')}
          </Button>
          <Button color="error" disabled={resolving.isLoading} onClick={() => void act('suspend_user')}>
            {t('safety.moderation.suspend')}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

function Queue({ status }: { status: 'open' | 'resolved' }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = api.endpoints.listModerationReports.useQuery({ status });
  if (isLoading) return <LoadingState />;
  if (statusOf(error) === 403) return <Alert severity="info">{t('safety.moderation.forbidden')}</Alert>;
  if (error || !data) return <Alert severity="error">{t('safety.moderation.error')}</Alert>;
  if (!data.res.length) return <Typography>{t('safety.moderation.empty')}</Typography>;
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.res.map((r) => (
        <ReportCard key={r.id} report={r} />
      ))}
    </Stack>
  );
}

function Audit() {
  const { t } = useTranslation();
  const { data, error, isLoading } = api.endpoints.listModerationAudit.useQuery({});
  if (isLoading) return <LoadingState />;
  if (statusOf(error) === 403) return <Alert severity="info">{t('safety.moderation.forbidden')}</Alert>;
  if (error || !data) return <Alert severity="error">{t('safety.moderation.error')}</Alert>;
  if (!data.res.length) return <Typography>{t('safety.moderation.auditEmpty')}</Typography>;
  return (
    <Stack component="ul" spacing={1} sx={{ pl: 2 }}>
      {data.res.map((a) => (
        <li key={a.id}>
          <Typography variant="body2">
            {new Date(a.created_on).toLocaleString()} —{' '}
            {t('safety.moderation.entry', {
              action: t(`safety.moderation.actions.${a.action as ActionName}`),
              type: a.target_type in typeNames ? t(`safety.moderation.types.${a.target_type as ReportType}`) : a.target_type,
              id: a.target_id,
              moderator: a.moderator_id,
            })}
            {a.note ? ` — ${a.note}` : ''}
          </Typography>
        </li>
      ))}
    </Stack>
  );
}

/** /moderation: the report queue (open and resolved), its actions with a note, and the audit log. Moderators only (the server answers 403 to others). */
export function ModerationRoute() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [tab, setTab] = useState<'open' | 'resolved' | 'audit'>('open');
  return (
    <PageContainer width="wide" title={t('safety.moderation.title')}>
      {isLoggedIn ? (
        <>
          <Tabs value={tab} onChange={(_e, v: typeof tab) => setTab(v)} aria-label={t('safety.moderation.title')} sx={{ mb: 2 }}>
            <Tab value="open" label={t('safety.moderation.open')} />
            <Tab value="resolved" label={t('safety.moderation.resolved')} />
            <Tab value="audit" label={t('safety.moderation.audit')} />
          </Tabs>
          {tab === 'audit' ? <Audit /> : <Queue status={tab} />}
        </>
      ) : (
        <LoginPrompt />
      )}
    </PageContainer>
  );
}
