import { EmptyPage } from '../../../shell/EmptyPage';

export function StockPage() {
  return <EmptyPage />;
}
