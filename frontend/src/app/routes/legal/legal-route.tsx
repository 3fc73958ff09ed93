import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/page-container';
import en from './legal-en.json';
import ja from './legal-ja.json';

type Section = { title: string; body: string };

// The long texts live with this screen, not in every screen's language files.
const TEXTS = { en, ja } as const;

/** Terms of use (/terms) and privacy policy (/privacy), in the user's language. */
export function LegalRoute({ document }: { document: 'terms' | 'privacy' }) {
  const { i18n } = useTranslation();
  const texts = TEXTS[i18n.language === 'ja' ? 'ja' : 'en'];
  const title = document === 'terms' ? texts.termsTitle : texts.privacyTitle;
  const sections: Section[] = texts[document];
  return (
    <PageContainer title={title}>
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {texts.updated}
          </Typography>
          {sections.map((section, index) => (
            <section key={section.title} aria-labelledby={`${document}-${index}`}>
              <Typography id={`${document}-${index}`} component="h2" variant="h6" sx={{ mt: index === 0 ? 0 : 3, mb: 1, fontWeight: 700 }}>
                {`${index + 1}. ${section.title}`}
              </Typography>
              <Typography sx={{ lineHeight: 1.8 }}>{section.body}</Typography>
            </section>
          ))}
        </CardContent>
      </Card>
    </PageContainer>
  );
}

export function TermsRoute() {
  return <LegalRoute document="terms" />;
}

export function PrivacyRoute() {
  return <LegalRoute document="privacy" />;
}
