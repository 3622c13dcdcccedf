import { FOOTER_TEXT } from '@staybook/domain/product';
import { Container } from '../../components/container';
import { SiteLanguagePicker } from '../../features/auth/components/site-language-picker';
import { i18n } from '../../lib/i18n';

export function SiteFooter() {
  return (
    <footer className="border-t border-neutral-200 bg-neutral-50 py-8 text-center text-sm text-neutral-500">
      <Container>
        <p>{i18n.t(FOOTER_TEXT)}</p>
        <SiteLanguagePicker id="footer-language" className="mt-3 justify-center" />
      </Container>
    </footer>
  );
}
