import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/api';
import type { CreateAdDto } from '@/api/generated';
import { SelectInput } from '@/components/select-input';
import { TextInput } from '@/components/text-input';
import { useServerMessage } from '@/hooks/use-server-message';
import { allMessages, parseApiError, type ServerError } from '@/utils/api-error';
import { adsApi } from '../api';

export const AD_TEXT_MAX = 200;
export const AD_TAGS = 3;
/** The most used tags are the priority tags (marked for the basic and premium plans). */
const PRIORITY_TAGS = 8;

type Props = { open: boolean; onClose: () => void };

/**
 * The ad form (spec §5): image, text (≤ 200), url, billing type, target with its price, exactly
 * 3 tags ("Please select 3 Tags"; a 4th shows AttributeEachforAdModal1), terms. Submit is enabled
 * only with an image, a text and the terms ticked. On success the ad is created unpaid and the
 * browser goes to the card payment page.
 */
export function AdFormDialog({ open, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const serverMessage = useServerMessage();
  const lan = i18n.language === 'ja' ? 'ja' : 'en';
  const { data: settings } = adsApi.endpoints.adSettings.useQuery();
  const { data: allTags = [] } = api.endpoints.listAttributesByLanguage.useQuery({ lan }, { skip: !open });
  const { data: popular = [] } = api.endpoints.listAttributes.useQuery({ lan, count: 0 }, { skip: !open });
  const [createAd, creating] = adsApi.endpoints.createAdvertisement.useMutation();
  const [pay, paying] = adsApi.endpoints.postAdsStripe.useMutation();

  const [img, setImg] = useState<File | null>(null);
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [type, setType] = useState<0 | 1>(0);
  const [target, setTarget] = useState<number | null>(null);
  const [tags, setTags] = useState<number[]>([]);
  const [affiliate, setAffiliate] = useState(false);
  const [affiliateHtml, setAffiliateHtml] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, ServerError[]>>({});

  const prices = (settings?.prices ?? []).filter((p) => p.type === type);
  const chosenTarget = target !== null && prices.some((p) => p.target === target) ? target : (prices[0]?.target ?? null);
  const priority = new Set(popular.slice(0, PRIORITY_TAGS).map((tag) => tag.id));
  const canSubmit = img !== null && content.trim() !== '' && agreed && !creating.isLoading && !paying.isLoading;
  const fmt = (n: number) => n.toLocaleString(lan === 'ja' ? 'ja-JP' : 'en-US');
  const fieldError = (name: string) => (fieldErrors[name]?.length ? fieldErrors[name].map(serverMessage).join(' ') : undefined);

  const toggleTag = (id: number) => {
    setProblem(null);
    if (tags.includes(id)) setTags(tags.filter((x) => x !== id));
    else if (tags.length >= AD_TAGS) setProblem(t('AttributeEachforAdModal1'));
    else setTags([...tags, id]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setFieldErrors({});
    if (!img || chosenTarget === null) return;
    if (tags.length !== AD_TAGS) {
      setProblem(serverMessage({ code: 'adTags' }));
      return;
    }
    try {
      const ad = await createAd({
        // chosenTarget is one of the server's own targets (its price list): the document's enum.
        createAdDto: {
          type,
          target: chosenTarget as CreateAdDto['target'],
          url: url.trim(),
          content,
          img,
          attributes: tags,
          is_affiliate: affiliate,
          affiliate_html: affiliate ? affiliateHtml : undefined,
        },
      }).unwrap();
      const { goTo } = await pay({ postAdsStripeDto: { SITE_URL: window.location.origin, data: ad.id } }).unwrap();
      window.location.assign(goTo);
    } catch (error) {
      const parsed = parseApiError(error);
      setFieldErrors(parsed.fieldErrors);
      const general = parsed.messages.length ? parsed.messages : Object.keys(parsed.fieldErrors).length ? [] : allMessages(parsed);
      setProblem(general.length ? general.map(serverMessage).join(' ') : Object.keys(parsed.fieldErrors).length ? null : t('common.errorGeneric'));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ad-form-title">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="ad-form-title">{t('ads.formTitle')}</DialogTitle>
        <DialogContent>
          {settings && !settings.enabled ? <Alert severity="info">{t('ads.paymentsOff')}</Alert> : null}
          <Box sx={{ mt: 1 }}>
            <Button variant="outlined" component="label">
              {t('ads.chooseImage')}
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                aria-label={t('ads.image')}
                onChange={(e: ChangeEvent<HTMLInputElement>) => setImg(e.target.files?.[0] ?? null)}
              />
            </Button>
            {img ? (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('ads.imageChosen', { name: img.name })}
              </Typography>
            ) : null}
            {fieldError('img') ? (
              <Typography color="error" variant="body2">
                {fieldError('img')}
              </Typography>
            ) : null}
          </Box>
          <TextInput
            label={t('ads.content')}
            value={content}
            onChange={(e) => setContent(e.target.value.slice(0, AD_TEXT_MAX))}
            multiline
            minRows={2}
            required
            error={Boolean(fieldError('content'))}
            helperText={fieldError('content') ?? t('ads.contentHelp', { count: content.length })}
          />
          <TextInput
            label={t('ads.url')}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            error={Boolean(fieldError('url'))}
            helperText={fieldError('url')}
          />
          <SelectInput
            label={t('ads.type')}
            value={String(type)}
            onChange={(e) => {
              setType(e.target.value === '1' ? 1 : 0);
              setTarget(null);
            }}
            options={[
              { value: '0', label: t('ads.perView') },
              { value: '1', label: t('ads.perClick') },
            ]}
          />
          <SelectInput
            label={t('ads.target')}
            value={chosenTarget === null ? '' : String(chosenTarget)}
            onChange={(e) => setTarget(Number(e.target.value))}
            error={Boolean(fieldError('target'))}
            helperText={fieldError('target')}
            options={prices.map((p) => ({
              value: String(p.target),
              label: t(type === 0 ? 'ads.targetViews' : 'ads.targetClicks', { target: fmt(p.target), price: fmt(p.price) }),
            }))}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
            <Typography component="legend" variant="subtitle2">
              {t('ads.tags')} — {t('ads.tagsChosen', { count: tags.length })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('ads.priorityHint')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, maxHeight: 180, overflowY: 'auto' }}>
              {allTags.map((tag) => (
                <Chip
                  key={tag.id}
                  label={priority.has(tag.id) ? `${tag.attributeName} · ${t('ads.priority')}` : tag.attributeName}
                  color={tags.includes(tag.id) ? 'primary' : 'default'}
                  variant={tags.includes(tag.id) ? 'filled' : 'outlined'}
                  onClick={() => toggleTag(tag.id)}
                  aria-pressed={tags.includes(tag.id)}
                />
              ))}
            </Box>
            {fieldError('attributes') ? (
              <Typography color="error" variant="body2">
                {fieldError('attributes')}
              </Typography>
            ) : null}
          </Box>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={affiliate} onChange={(e) => setAffiliate(e.target.checked)} />}
            label={t('ads.affiliate')}
          />
          {affiliate ? (
            <TextInput
              label={t('ads.affiliateHtml')}
              value={affiliateHtml}
              onChange={(e) => setAffiliateHtml(e.target.value)}
              multiline
              minRows={2}
              error={Boolean(fieldError('affiliate_html'))}
              helperText={fieldError('affiliate_html')}
            />
          ) : null}
          <FormControlLabel control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />} label={t('ads.terms')} />
          {problem ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('ads.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!canSubmit}>
            {t('ads.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
