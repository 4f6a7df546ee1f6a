// The admin frame every Ant Design page sits in: a header with navigation and a content card.
import { Card, Layout, Menu } from 'antd';
import { useEffect } from 'react';

const NAV = ['Dashboard', 'Orders', 'Customers', 'Settings'].map((label) => ({ key: label.toLowerCase(), label }));

/** A page titled `title` in the admin frame. */
export function Shell({ title, active, children }) {
  useEffect(() => void (document.title = `${title} · Acme Admin`), [title]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        <strong style={{ color: '#fff' }}>Acme Admin</strong>
        <Menu theme="dark" mode="horizontal" selectedKeys={[active]} items={NAV} style={{ flex: 1 }} />
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 760, width: '100%', margin: '0 auto' }}>
        <Card title={title}>{children}</Card>
      </Layout.Content>
    </Layout>
  );
}
