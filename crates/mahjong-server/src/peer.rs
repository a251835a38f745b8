//! The client address a request counts by (the rate limit and the table caps per address).
//!
//! By default it is the connection's peer. Behind a reverse proxy that would be the proxy
//! for every client, so the operator names the proxies (`--trusted-proxy`), and a request
//! that arrives from one of them counts by the address its `X-Forwarded-For` names. Only
//! trusted hops are believed: the list is read from the right (the hop nearest to us), and
//! the first address that is not a trusted proxy is the client. What a client writes into
//! the header itself stays to the left of that address, so it cannot choose its key.

use std::net::{IpAddr, SocketAddr};

use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request};
use ipnet::IpNet;
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::GovernorError;

/// The header the usual proxies (nginx, HAProxy, Caddy, cloud balancers) append to.
const FORWARDED_FOR: &str = "x-forwarded-for";

/// Whether `ip` is one of the trusted proxies.
fn trusted(ip: IpAddr, proxies: &[IpNet]) -> bool {
    proxies.iter().any(|net| net.contains(&ip))
}

/// One hop of `X-Forwarded-For`: an address, perhaps with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`), as some proxies write it.
fn hop(s: &str) -> Option<IpAddr> {
    let s = s.trim();
    s.parse::<IpAddr>()
        .or_else(|_| s.parse::<SocketAddr>().map(|a| a.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

/// The address a request from `peer` with `headers` counts by, given the trusted proxies.
///
/// From an untrusted peer: the peer. From a trusted one: walking `X-Forwarded-For` from the
/// right, the first hop that is not a trusted proxy; if every hop is trusted, the leftmost.
/// A hop that is not an address stops the walk at the last trusted hop before it (a proxy
/// we trust wrote something we cannot read: we count by the proxy rather than guess).
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, proxies: &[IpNet]) -> IpAddr {
    let mut client = peer.to_canonical();
    if !trusted(client, proxies) {
        return client;
    }
    // Several header lines are one list, in order (RFC 9110, 5.3).
    for line in headers.get_all(FORWARDED_FOR).iter().rev() {
        let Ok(line) = line.to_str() else {
            return client;
        };
        for part in line.rsplit(',') {
            let Some(ip) = hop(part) else {
                return client;
            };
            client = ip;
            if !trusted(ip, proxies) {
                return ip;
            }
        }
    }
    client
}

/// A trusted proxy as the operator writes it: an address (`127.0.0.1`, `::1`) or a range
/// (`10.0.0.0/8`, `2001:db8::/32`). The error is in the operator's words.
pub fn parse_trusted_proxy(s: &str) -> Result<IpNet, String> {
    s.parse::<IpNet>()
        .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
        .map(|net| net.trunc())
        .map_err(|_| {
            format!("{s:?} is not an address or a range of addresses (`10.0.0.1`, `10.0.0.0/8`)")
        })
}

/// The rate limiter's key: [`client_ip`] of the request's peer (`ConnectInfo`).
#[derive(Clone, Debug)]
pub(crate) struct ClientIpKey {
    pub(crate) proxies: std::sync::Arc<[IpNet]>,
}

impl KeyExtractor for ClientIpKey {
    type Key = IpAddr;

    fn extract<T>(&self, req: &Request<T>) -> Result<IpAddr, GovernorError> {
        let peer = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .ok_or(GovernorError::UnableToExtractKey)?
            .0
            .ip();
        Ok(client_ip(peer, req.headers(), &self.proxies))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    fn headers(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append(FORWARDED_FOR, HeaderValue::from_str(l).unwrap());
        }
        h
    }

    #[test]
    fn a_trusted_proxy_is_an_address_or_a_range() {
        assert_eq!(
            parse_trusted_proxy("127.0.0.1"),
            Ok(nets(&["127.0.0.1/32"])[0])
        );
        assert_eq!(parse_trusted_proxy("::1"), Ok(nets(&["::1/128"])[0]));
        // Host bits are dropped: 10.1.2.3/8 is the range 10.0.0.0/8.
        assert_eq!(
            parse_trusted_proxy("10.1.2.3/8"),
            Ok(nets(&["10.0.0.0/8"])[0])
        );
        assert_eq!(
            parse_trusted_proxy("proxy.local"),
            Err(
                "\"proxy.local\" is not an address or a range of addresses (`10.0.0.1`, \
                 `10.0.0.0/8`)"
                    .to_string()
            )
        );
        assert!(parse_trusted_proxy("10.0.0.0/33").is_err());
    }

    #[test]
    fn an_untrusted_peer_counts_by_itself_whatever_it_writes() {
        let proxies = nets(&["10.0.0.0/8"]);
        let h = headers(&["203.0.113.9"]);
        assert_eq!(
            client_ip(ip("198.51.100.7"), &h, &proxies),
            ip("198.51.100.7")
        );
        // No proxies named: the header is never read.
        assert_eq!(client_ip(ip("10.0.0.2"), &h, &[]), ip("10.0.0.2"));
    }

    #[test]
    fn behind_trusted_proxies_the_first_untrusted_hop_from_the_right() {
        let proxies = nets(&["10.0.0.0/8", "127.0.0.1/32"]);
        let peer = ip("127.0.0.1");
        // The client forged "1.1.1.1"; its real address is what the proxy appended.
        let h = headers(&["1.1.1.1, 203.0.113.9, 10.1.2.3"]);
        assert_eq!(client_ip(peer, &h, &proxies), ip("203.0.113.9"));
        // The same list over several header lines.
        let h = headers(&["1.1.1.1", "203.0.113.9", "10.1.2.3"]);
        assert_eq!(client_ip(peer, &h, &proxies), ip("203.0.113.9"));
        // Ports and IPv6, and an IPv4 address mapped into IPv6.
        let h = headers(&["[2001:db8::5]:4431, 10.1.2.3:80"]);
        assert_eq!(client_ip(peer, &h, &proxies), ip("2001:db8::5"));
        let h = headers(&["::ffff:203.0.113.9"]);
        assert_eq!(client_ip(peer, &h, &proxies), ip("203.0.113.9"));
        assert_eq!(
            client_ip(ip("::ffff:127.0.0.1"), &h, &proxies),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn without_a_readable_client_hop_the_nearest_trusted_address() {
        let proxies = nets(&["10.0.0.0/8"]);
        let peer = ip("10.0.0.1");
        // No header: the proxy itself.
        assert_eq!(client_ip(peer, &HeaderMap::new(), &proxies), peer);
        // Every hop trusted: the leftmost.
        let h = headers(&["10.9.9.9, 10.1.1.1"]);
        assert_eq!(client_ip(peer, &h, &proxies), ip("10.9.9.9"));
        // Garbage right of the client: the last trusted hop before it.
        let h = headers(&["203.0.113.9, unknown, 10.1.1.1"]);
        assert_eq!(client_ip(peer, &h, &proxies), ip("10.1.1.1"));
        // Garbage left of the client is the client's own writing: never read.
        let h = headers(&["unknown, 203.0.113.9"]);
        assert_eq!(client_ip(peer, &h, &proxies), ip("203.0.113.9"));
    }
}
