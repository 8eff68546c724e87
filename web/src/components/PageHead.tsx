// The document head of a public page: title, description, robots
// (default index,follow), canonical link (default the site root), social-sharing tags with a large
// summary card, and the structured data of the website with its search action. Every tag it
// changes is put back as it was when the page goes away.
import { useEffect } from 'react';
import { useI18n } from '../i18n';
import { websiteJsonLd } from './content-helpers';

export interface PageHeadOptions {
  title: string;
  description: string;
  /** Defaults to 'index,follow'. */
  robots?: string;
  /** Absolute URL or path; defaults to the site root. */
  canonical?: string;
  /** Social image, absolute URL or path; defaults to the site's 1200×630 image. */
  image?: string;
}

/** The social image served by the app itself (1200×630 PNG). */
export const DEFAULT_SOCIAL_IMAGE = '/og-image.png';
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const JSON_LD_ID = 'revise-website-jsonld';

function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

type Restore = () => void;

function setMeta(attribute: 'name' | 'property', key: string, content: string): Restore {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
    const created = element;
    created.content = content;
    return () => created.remove();
  }
  const existing = element;
  const previous = existing.content;
  existing.content = content;
  return () => {
    existing.content = previous;
  };
}

function setCanonical(href: string): Restore {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    link.href = href;
    document.head.appendChild(link);
    const created = link;
    return () => created.remove();
  }
  const existing = link;
  const previous = existing.getAttribute('href');
  existing.href = href;
  return () => {
    if (previous === null) existing.removeAttribute('href');
    else existing.setAttribute('href', previous);
  };
}

function setJsonLd(data: object): Restore {
  const previous = document.getElementById(JSON_LD_ID);
  const previousText = previous?.textContent ?? null;
  const script = previous ?? document.createElement('script');
  script.id = JSON_LD_ID;
  script.setAttribute('type', 'application/ld+json');
  script.textContent = JSON.stringify(data);
  if (!previous) document.head.appendChild(script);
  return () => {
    if (previous) previous.textContent = previousText;
    else script.remove();
  };
}

export function usePageHead({ title, description, robots = 'index,follow', canonical = '/', image = DEFAULT_SOCIAL_IMAGE }: PageHeadOptions): void {
  const { lang, t } = useI18n();
  const siteName = t('head.siteName');
  const imageAlt = t('head.imageAlt');
  const siteDescription = t('head.landing.description');

  useEffect(() => {
    const canonicalUrl = absolute(canonical);
    const imageUrl = absolute(image);
    const previousTitle = document.title;
    document.title = title;
    const restores: Restore[] = [
      () => {
        document.title = previousTitle;
      },
      setMeta('name', 'description', description),
      setMeta('name', 'robots', robots),
      setCanonical(canonicalUrl),
      setMeta('property', 'og:type', 'website'),
      setMeta('property', 'og:site_name', siteName),
      setMeta('property', 'og:locale', lang === 'fr' ? 'fr_FR' : 'en_GB'),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:url', canonicalUrl),
      setMeta('property', 'og:image', imageUrl),
      setMeta('property', 'og:image:width', String(SOCIAL_IMAGE_SIZE.width)),
      setMeta('property', 'og:image:height', String(SOCIAL_IMAGE_SIZE.height)),
      setMeta('property', 'og:image:alt', imageAlt),
      setMeta('name', 'twitter:card', 'summary_large_image'),
      setMeta('name', 'twitter:title', title),
      setMeta('name', 'twitter:description', description),
      setMeta('name', 'twitter:image', imageUrl),
      setMeta('name', 'twitter:image:alt', imageAlt),
      setJsonLd(websiteJsonLd(window.location.origin, lang, siteName, siteDescription)),
    ];
    return () => {
      for (const restore of restores.reverse()) restore();
    };
  }, [title, description, robots, canonical, image, lang, siteName, imageAlt, siteDescription]);
}

/** Component form of usePageHead, for pages that prefer JSX. */
export default function PageHead(props: PageHeadOptions) {
  usePageHead(props);
  return null;
}
