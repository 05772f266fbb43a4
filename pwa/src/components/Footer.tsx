/**
 * The site footer: the product name and the not-affiliated-with-Valve disclaimer, nine links
 * (market, sell, inventory, help, contact, issue report, terms, privacy, refunds) in three groups,
 * and the copyright line.
 */
import { Separator } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { FOOTER_CLASSES as c } from './footerStyles';
import { Logo } from './Logo';
import { FOOTER_NAV } from './navigation';

/** Class rules (footerStyles.ts), not style props: every page draws and hydrates the footer. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={c.footer}>
      <div className={c.container}>
        <div className={c.grid}>
          <div className={c.about}>
            <div>
              <Logo />
            </div>
            <p className={c.aboutText}>
              The marketplace where Counter-Strike 2 players sell their skins for real money and buy
              from other players, with every trade protected by escrow.
            </p>
          </div>

          {FOOTER_NAV.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className={c.groupTitle}>{group.title}</h2>
              <ul className={c.links}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <RouterLink className={c.link} to={link.to}>
                      {link.label}
                    </RouterLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <Separator my="8" borderColor="border" />

        <div className={c.legal}>
          <p>
            {PRODUCT_NAME} is not affiliated with, endorsed by or sponsored by Valve Corporation or
            Steam. Counter-Strike, Steam and their logos are trademarks of Valve Corporation.
          </p>
          {/* The year of prerendered HTML is the build's: a page hydrated in a later year corrects it. */}
          <p suppressHydrationWarning>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
