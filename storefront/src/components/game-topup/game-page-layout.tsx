import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import page from '../layout/detail-page.module.css';
import styles from './game-page-layout.module.css';

interface GamePageLayoutProps {
  image: string;
  title: string;
  /** '' draws none. */
  description: string;
  /** The purchase panel. */
  children: ReactNode;
  /** Help under the description: steps, info cards, warnings. */
  aside?: ReactNode;
}

/**
 * A game top-up page: picture, title and help on one side, the purchase panel on the other. On a
 * phone the picture shrinks to a thumbnail beside the title and the panel comes first, on the first
 * screen; the description follows it.
 */
export function GamePageLayout({ image, title, description, children, aside }: GamePageLayoutProps) {
  const { t } = useTranslation();
  return (
    <article className={styles.layout}>
      <title>{`${title} — ${t('app.name')}`}</title>
      <div className={`${page.media} ${styles.media}`}>
        <img src={image} alt="" className={page.image} width={640} height={400} />
      </div>
      <div className={styles.heading}>
        <span className={`${page.badge} ${styles.badge}`}>{t('catalogue.topup_badge')}</span>
        <h1 className="page-title">{title}</h1>
      </div>
      {description && <p className={`${page.description} ${styles.description}`}>{description}</p>}
      <div className={styles.main}>{children}</div>
      {aside && <div className={`${styles.side} ${styles.aside}`}>{aside}</div>}
    </article>
  );
}

/** Numbered steps ("How it works"). */
export function GameSteps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <section className={styles.steps} aria-label={title}>
      <h2 className={styles.stepsTitle}>{title}</h2>
      <ol className={styles.stepList}>
        {steps.map((step, index) => (
          <li key={index}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A titled block inside the purchase panel. */
export function PanelSection({ titleId, title, children, action }: { titleId: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** What a panel section says when it has nothing to offer ("no denominations right now"). */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** The purchase panel's card. */
export function GamePanel({ children }: { children: ReactNode }) {
  return <div className={`card ${styles.card}`}>{children}</div>;
}
