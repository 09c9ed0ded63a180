import { APP_NAME } from '../config/app-name';

/** Sets the browser tab's title (React hoists <title> into the document head). */
export function PageTitle({ title }: { title: string }) {
  return <title>{[title, APP_NAME].join(' · ')}</title>;
}
